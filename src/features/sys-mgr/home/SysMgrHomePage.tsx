import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { getAllFunc, getUserInfo } from '../../../lib/storage';
import { FUNCTION_NAMES, SYSTEM_DUTIES } from './duties';

/** /sysMgr/index: the management home of a system account: its role, duties and function points. */
export function SysMgrHomePage() {
  const user = getUserInfo();
  const duty = user ? SYSTEM_DUTIES[user.id] : undefined;
  const functions = getAllFunc();
  return (
    <div style={{ padding: 24 }}>
      <Card>
        <Space align="start" size={16}>
          <SafetyCertificateOutlined style={{ fontSize: 40, color: '#cf1322' }} />
          <div>
            <Space size={8}>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="sysmgr-role">
                {duty?.role ?? '系统管理'}
              </Typography.Title>
              <Tag color="red" data-testid="secrecy-label">机密</Tag>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {user?.fullName}（{user?.username}）{duty ? `：${duty.summary}` : ''}
            </Typography.Paragraph>
          </div>
        </Space>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card title="职责">
            <ol style={{ margin: 0, paddingLeft: 20, lineHeight: 2 }}>
              {(duty?.duties ?? []).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="功能点">
            {functions.length ? (
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                {functions.map((path) => (
                  <Space key={path} style={{ width: '100%', justifyContent: 'space-between' }}>
                    <span>{FUNCTION_NAMES[path] ?? path}</span>
                    <Typography.Text type="secondary" code>
                      {path}
                    </Typography.Text>
                  </Space>
                ))}
              </Space>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已授予的功能点" />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
