import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { Space } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { loadChunk } from '../../../lib/chunk-load';
import { useDefaultArgumentsQuery } from '../api';
// Types only (erased): the module itself is fetched by loadSpaceForm.
import type * as SpaceFormModule from './SpaceForm';

export type SpaceFormDialogProps = {
  /** The space to edit, or null to add one. */
  space: Space | null;
  onClose: () => void;
  onSaved: (name: string) => void;
};

type FormModule = typeof SpaceFormModule;

let loading: Promise<FormModule> | undefined;
let loaded: FormModule | undefined;

/**
 * Fetches the form's code (antd Form, InputNumber) once: a chunk of its own, so the knowledge page draws without
 * it (D73). KnowledgeBasePage calls this when the pointer or the keyboard reaches 新增空间 or 编辑, so the code is
 * usually there by the click. 120 s timeout and a typed ChunkLoadError as for the routes (spec §8); a failed fetch
 * is forgotten, so the next opening tries again.
 */
export function loadSpaceForm(): Promise<FormModule> {
  loading ??= loadChunk(() => import('./SpaceForm'), 'SpaceForm').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The form's module: at once when it has arrived (the first render then draws the fields, as when it was part of
 * the page), else once it does. Not React.lazy: a Suspense boundary revealed after its fallback is held back by
 * React's fallback throttle (up to 300 ms). A failure is thrown to the route's error element, as a lazy route's.
 */
function useSpaceFormModule(): FormModule | undefined {
  const [module, setModule] = useState(loaded);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!module) loadSpaceForm().then(setModule, setError);
  }, [module]);
  if (error) throw error;
  return module;
}

/**
 * Add or edit a knowledge space. The dialog opens at once and asks for the default arguments while the form's
 * code arrives (both in parallel); a spinner stands in for the fields until both are there.
 */
export function SpaceFormDialog({ space, onClose, onSaved }: SpaceFormDialogProps) {
  const defaults = useDefaultArgumentsQuery();
  const form = useSpaceFormModule();
  const submit = useRef<(() => Promise<void>) | null>(null);
  // Confirm before the fields are drawn does nothing: the rejection keeps the dialog open.
  const confirm = () => submit.current?.() ?? Promise.reject(new Error('the form is not drawn yet'));
  return (
    <Dialog open title={space ? `编辑知识空间：${space.name}` : '新增知识空间'} width={760} onOk={confirm} onClose={onClose}>
      {form && defaults.data ? (
        <form.SpaceForm space={space} defaults={defaults.data} onSaved={onSaved} submitRef={submit} />
      ) : (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      )}
    </Dialog>
  );
}
