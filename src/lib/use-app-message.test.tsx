import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { render } from '../test/render';
import { App } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useAppMessage } from './use-app-message';

function Toast({ text }: { text: string }) {
  const message = useAppMessage();
  useEffect(() => void message.error(text), [message, text]);
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test(-util)?\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('error toasts last 5 s everywhere (spec §9)', () => {
  it('an error shown without a duration is still there after antd default 3 s, and gone after 5 s', async () => {
    render(<App><Toast text="复制失败" /></App>);
    await screen.findByText('复制失败');
    await act(() => sleep(3600));
    expect(screen.getByText('复制失败')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('复制失败')).toBeNull(), { timeout: 3000 });
  }, 15_000);

  it('no page shows an error toast through the bare antd App message (3 s): they all take useAppMessage', () => {
    const offenders = sources(join(__dirname, '..')).filter((file) => {
      if (file.endsWith('use-app-message.ts')) return false;
      const text = readFileSync(file, 'utf8');
      return /message\.error\(/.test(text) && /const \{[^}]*\bmessage\b[^}]*\} = App\.useApp\(\)/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
