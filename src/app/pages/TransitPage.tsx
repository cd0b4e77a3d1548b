import { SettingOutlined } from '@ant-design/icons';
import { Col, Empty, Layout, Row, Typography } from 'antd';
import { isSystemAccount } from '../../../contract/api/runtime';
import { getAllowedPaths, getUserInfo } from '../../lib/storage';
import { visibleAreas } from '../areas';
import { AppHeader } from '../layouts/AppHeader';
import { AREA_ICONS, FALLBACK_ICON } from '../menu-icons';
import { useAppNavigate } from '../useAppNavigate';
import { AreaCard } from './AreaCard';
import { WelcomeCard } from './WelcomeCard';

/** /Transit: the landing page with the areas the user may enter. */
export function TransitPage() {
  const go = useAppNavigate();
  const user = getUserInfo();
  const areas = visibleAreas(getAllowedPaths());
  const system = isSystemAccount(user?.id);
  return (
    <Layout style={{ minHeight: '100vh', background: '#f3f6fb' }}>
      <AppHeader />
      <Layout.Content style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: '32px 24px' }}>
        <WelcomeCard user={user} />
        <Typography.Title level={4} style={{ margin: '32px 0 16px' }}>
          可进入的功能
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {system && (
            <Col xs={24} md={12} lg={8}>
              <AreaCard title="系统管理" description="部门、人员、角色、日志与功能点管理" icon={SettingOutlined} onOpen={() => go('/sysMgr')} />
            </Col>
          )}
          {areas.map((area) => (
            <Col key={area.key} xs={24} md={12} lg={8}>
              <AreaCard title={area.title} description={area.description} icon={AREA_ICONS[area.key] ?? FALLBACK_ICON} onOpen={() => go(area.path)} />
            </Col>
          ))}
        </Row>
        {!system && areas.length === 0 && <Empty description="暂无可进入的功能，请联系安全保密管理员授权" />}
      </Layout.Content>
    </Layout>
  );
}
