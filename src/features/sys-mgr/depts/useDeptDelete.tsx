import { App } from 'antd';
import { useDeleteDeptMutation } from './api';

type Named = { id: number; name: string };

/** Deleting one department (the server's refusal shows as a toast) or several (refusals listed together). */
export function useDeptDelete(onDeleted: (ids: number[]) => void) {
  const { message, modal } = App.useApp();
  const [remove] = useDeleteDeptMutation();

  const deleteOne = async (dept: Named) => {
    await remove({ id: dept.id }).unwrap();
    message.success(`已删除部门「${dept.name}」`);
    onDeleted([dept.id]);
  };

  const confirmDelete = (dept: Named) =>
    modal.confirm({
      title: '确认删除？',
      content: `删除部门「${dept.name}」后不可恢复。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => deleteOne(dept).catch(() => undefined),
    });

  const deleteMany = async (depts: Named[]) => {
    const done: number[] = [];
    const refused: string[] = [];
    for (const dept of depts) {
      try {
        await remove({ id: dept.id, silent: true }).unwrap();
        done.push(dept.id);
      } catch (error) {
        refused.push(`${dept.name}：${(error as { message?: string }).message ?? '删除失败'}`);
      }
    }
    if (done.length) onDeleted(done);
    if (refused.length === 0) {
      message.success(`已删除 ${done.length} 个部门`);
      return;
    }
    modal.warning({
      title: done.length ? `已删除 ${done.length} 个部门，${refused.length} 个未能删除` : '未能删除所选部门',
      content: refused.map((line) => <div key={line}>{line}</div>),
      okText: '知道了',
    });
    throw new Error('partly refused');
  };

  return { deleteOne, confirmDelete, deleteMany };
}
