import { describe, expect, it } from 'vitest';
import { fileProblem, passwordsText } from './import-users';

describe('import file checks', () => {
  it.each([
    [{ name: 'people.xlsx', size: 2048 }, null],
    [{ name: 'PEOPLE.XLSX', size: 2048 }, null],
    [{ name: 'people.xls', size: 2048 }, '请选择 Excel 文件（.xlsx），可先下载导入模板'],
    [{ name: 'people.csv', size: 2048 }, '请选择 Excel 文件（.xlsx），可先下载导入模板'],
    [{ name: 'people.xlsx', size: 5 * 1024 * 1024 + 1 }, '文件过大，不能超过 5 MB'],
    [{ name: 'people.xlsx', size: 0 }, '文件是空的'],
  ])('%j → %s', (file, problem) => {
    expect(fileProblem(file)).toBe(problem);
  });

  it('lists created users with passwords as tab-separated lines', () => {
    expect(passwordsText([{ id: 1, username: 'a', fullName: '甲', password: 'p1' }])).toBe('用户名\t姓名\t初始密码\na\t甲\tp1');
  });
});
