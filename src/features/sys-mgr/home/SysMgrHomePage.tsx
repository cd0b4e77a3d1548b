import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import { getAllFunc, getUserInfo } from '../../../lib/storage';
import { SYSTEM_DUTIES } from './duties';
import { QuickLinks } from './QuickLinks';
import { RecentActivity } from './RecentActivity';

/** /sysMgr/index: the management home of a system account: its role and duties, quick links and its own recent actions. */
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
        <Col xs={24} lg={10}>
          <Card title="职责" style={{ height: '100%' }}>
            <ol style={{ margin: 0, paddingLeft: 20, lineHeight: 2 }}>
              {(duty?.duties ?? []).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <QuickLinks allFunc={functions} />
        </Col>
        <Col span={24}>
          <RecentActivity />
        </Col>
      </Row>
    </div>
  );
}
