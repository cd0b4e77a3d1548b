import { Alert, Col, Row, Skeleton, Typography } from 'antd';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileInfoCard } from './ProfileInfoCard';
import { useMyDetailQuery } from './api';

/** /profile 个人中心: the user's profile, department, roles, clearance, grades, and password change. */
export function ProfilePage() {
  const { data, isLoading, error } = useMyDetailQuery();
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>个人中心</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          {isLoading && <Skeleton active />}
          {error && <Alert type="error" showIcon title="个人信息加载失败" description={(error as { message?: string }).message} />}
          {data && <ProfileInfoCard detail={data} />}
        </Col>
        <Col xs={24} xl={10}>
          <ChangePasswordCard />
        </Col>
      </Row>
    </div>
  );
}
