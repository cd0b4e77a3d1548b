import { Form, Input, Select } from 'antd';
import { Dialog } from '../../../components/dialog';
import { useUpdateDocumentMutation } from '../api';
import type { DocumentRow } from './document-columns';
import { REVIEW_ROLE_HINT, reviewRoleField, reviewRoleValues } from './review-roles';
import { ReviewRoleSelect } from './ReviewRoleSelect';
import type { Option } from './useDocumentOptions';

export type DocumentEditDialogProps = {
  space: string;
  doc: DocumentRow;
  grades: Option[];
  roles: Option[];
  onClose: () => void;
  onSaved: () => void;
};

type Values = { doc_name: string; secrecy: string; review_role: string[] };

/** 编辑文档: name, grade (within the user's clearance) and review roles. */
export function DocumentEditDialog({ space, doc, grades, roles, onClose, onSaved }: DocumentEditDialogProps) {
  const [form] = Form.useForm<Values>();
  const [update] = useUpdateDocumentMutation();
  // A grade above the user's own cannot be picked, but the current one still shows by name.
  const gradeOptions = grades.some((g) => g.value === doc.secrecy) ? grades : [...grades, { value: doc.secrecy, label: doc.secrecy_name }];

  const submit = async () => {
    const v = await form.validateFields();
    await update({
      space, doc_id: doc.id, doc_name: v.doc_name.trim(), secrecy: v.secrecy, review_role: reviewRoleField(v.review_role),
    }).unwrap();
    onSaved();
  };

  return (
    <Dialog open title={`编辑文档：${doc.doc_name}`} width={600} height={340} onOk={submit} onClose={onClose}>
      <Form
        form={form}
        name="docEdit"
        layout="vertical"
        requiredMark={false}
        initialValues={{ doc_name: doc.doc_name, secrecy: doc.secrecy, review_role: reviewRoleValues(doc.review_role) }}
      >
        <Form.Item name="doc_name" label="文档名称" rules={[{ required: true, whitespace: true, message: '请输入文档名称' }]}>
          <Input maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="secrecy" label="密级" rules={[{ required: true, message: '请选择文档密级' }]}>
          <Select options={gradeOptions} />
        </Form.Item>
        <Form.Item name="review_role" label="审核角色" extra={REVIEW_ROLE_HINT}>
          <ReviewRoleSelect options={roles} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
