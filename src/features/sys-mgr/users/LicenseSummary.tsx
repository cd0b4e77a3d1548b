import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { License } from '../../../../contract/api';

/** Seats used of the licence, and its expiry (the system administrator's 许可查询). */
export function LicenseSummary({ license }: { license: License | undefined }) {
  if (!license) return null;
  const { usedUsers, licensedUsers, expiresAt, expired } = license;
  const percent = licensedUsers > 0 ? Math.min(100, Math.round((usedUsers / licensedUsers) * 100)) : 100;
  const full = usedUsers >= licensedUsers;
  const soon = expiresAt !== null && !expired && dayjs(expiresAt).diff(dayjs(), 'day') <= 30;
  return (
    <Space size={12} aria-label="许可信息" role="status">
      <SafetyCertificateOutlined style={{ color: '#1f5fbf' }} />
      <Tooltip title="启用的普通用户数 / 许可用户数">
        <Space size={8}>
          <Typography.Text>许可用户</Typography.Text>
          <Typography.Text strong>{usedUsers} / {licensedUsers}</Typography.Text>
          <Progress percent={percent} size={[96, 6]} showInfo={false} status={full ? 'exception' : 'normal'} />
        </Space>
      </Tooltip>
      <Typography.Text type="secondary">到期：{expiresAt ? dayjs(expiresAt).format('YYYY-MM-DD') : '长期有效'}</Typography.Text>
      {expired && <Tag color="red">许可已过期</Tag>}
      {soon && <Tag color="orange">即将到期</Tag>}
      {full && !expired && <Tag color="orange">名额已满</Tag>}
    </Space>
  );
}
