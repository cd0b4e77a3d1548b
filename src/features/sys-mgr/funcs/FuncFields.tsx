import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { IconPicker } from '../../../components/form';
import { NAME_RULES, PATH_RULES } from './func-rules';

/** What the function form edits. */
export type FuncFormValues = { name: string; path: string; icon: string; sort: number; hidden: boolean };

/** Props of FuncFields: `wide` lays the fields out in two columns (the page's editor). */
export type FuncFieldsProps = { pathLocked?: boolean; wide?: boolean };

/** Name, path, icon, sort and hidden of a function (the form around it decides create or edit). */
export function FuncFields({ pathLocked, wide }: FuncFieldsProps) {
  const span = wide ? 12 : 24;
  return (
    <Row gutter={24}>
      <Col span={span}>
        <Form.Item name="name" label="功能名称" rules={NAME_RULES('功能名称')}>
          <Input maxLength={50} showCount placeholder="菜单中显示的名称" />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item
          name="path"
          label="路径"
          rules={PATH_RULES}
          tooltip="以 / 开头的路由路径，如 /sysMgr/userMgr；按钮权限按“路径#编码”校验"
          extra={pathLocked ? '系统内置功能的路径不能修改' : undefined}
        >
          <Input maxLength={200} disabled={pathLocked} placeholder="/example/path" />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="icon" label="图标">
          <IconPicker />
        </Form.Item>
      </Col>
      <Col span={wide ? 6 : 24}>
        <Form.Item name="sort" label="排序" tooltip="数字越小越靠前">
          <InputNumber min={-1000000} max={1000000} precision={0} style={{ width: '100%', maxWidth: 160 }} />
        </Form.Item>
      </Col>
      <Col span={wide ? 6 : 24}>
        <Form.Item name="hidden" label="菜单中隐藏" valuePropName="checked">
          {/* The label asks a yes/no question; the switch answers it (是 = hidden from the menu). */}
          <Switch checkedChildren="是" unCheckedChildren="否" aria-label="菜单中隐藏" />
        </Form.Item>
      </Col>
    </Row>
  );
}
