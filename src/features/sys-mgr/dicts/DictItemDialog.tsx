import { Form, Input, InputNumber, TreeSelect } from 'antd';
import type { DictItem, DictItemBody } from '../../../../contract/api';
import { DICT_ITEM_CODE_MAX, DICT_ITEM_NAME_MAX, DICT_ITEM_SORT_MAX, dictItemProblems } from '../../../../contract/api/runtime';
import { Dialog } from '../../../components/dialog';

export type DictItemDialogProps = {
  dictName: string;
  /** The entry being edited, or null to add one. */
  item: DictItem | null;
  items: DictItem[];
  onSave: (body: DictItemBody) => Promise<unknown>;
  onClose: () => void;
};

type Node = { value: number; title: string; disabled?: boolean; children: Node[] };

/** The entries as a parent picker; the edited entry and its sub-entries cannot be its parent. */
function parentTree(items: DictItem[], exclude: number | undefined, parent: number | null = null): Node[] {
  return items
    .filter((i) => i.parentId === parent && i.id !== exclude)
    .map((i) => ({ value: i.id, title: `${i.name}（${i.code}）`, children: parentTree(items, exclude, i.id) }));
}

/** Add or edit one dictionary entry; a system entry's code and parent are fixed (D55). */
export function DictItemDialog({ dictName, item, items, onSave, onClose }: DictItemDialogProps) {
  const [form] = Form.useForm<DictItemBody>();
  const system = item?.system === 'true';
  const ok = async () => {
    const values = await form.validateFields();
    await onSave({ code: values.code.trim(), name: values.name.trim(), parentId: values.parentId ?? null, sort: values.sort ?? undefined });
  };
  const rule = (field: 'code' | 'name') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const body = field === 'code' ? { code: value, name: 'x' } : { code: 'x', name: value };
      const problem = dictItemProblems(body)[0];
      if (problem) throw new Error(problem);
    },
  });
  return (
    <Dialog open title={`${item ? '编辑' : '新增'}字典项 · ${dictName}`} width={560} height={330} onOk={ok} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        initialValues={item ? { code: item.code, name: item.name, parentId: item.parentId ?? undefined, sort: item.sort } : { sort: 0 }}
      >
        <Form.Item label="编码" name="code" required rules={[rule('code')]} extra={system ? '系统内置字典项，编码不能修改' : undefined}>
          <Input maxLength={DICT_ITEM_CODE_MAX} disabled={system} placeholder="字母、数字、下划线，如 TECHNICIAN" />
        </Form.Item>
        <Form.Item label="名称" name="name" required rules={[rule('name')]}>
          <Input maxLength={DICT_ITEM_NAME_MAX} showCount placeholder="选择框里显示的文字" autoFocus />
        </Form.Item>
        <Form.Item label="上级" name="parentId">
          <TreeSelect
            allowClear
            disabled={system}
            placeholder="无（顶级字典项）"
            treeData={parentTree(items, item?.id)}
            treeDefaultExpandAll
          />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字小的在前">
          <InputNumber min={0} max={DICT_ITEM_SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
