import { RightOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { FUNCTION_NAMES, QUICK_LINKS } from './duties';

/** Links to the management pages the account holds (in allFunc). */
export function QuickLinks({ allFunc }: { allFunc: string[] }) {
  const links = QUICK_LINKS.filter((l) => allFunc.includes(l.path));
  return (
    <Card title="快捷入口" style={{ height: '100%' }}>
      {links.length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 12 }} data-testid="quick-links">
          {links.map((l) => (
            <Link
              key={l.path}
              to={l.path}
              style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '12px 14px', border: '1px solid #f0f0f0', borderRadius: 6, color: 'inherit' }}
            >
              <span>
                <Typography.Text strong>{FUNCTION_NAMES[l.path]}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{l.hint}</Typography.Text>
              </span>
              <RightOutlined style={{ color: '#8c8c8c' }} />
            </Link>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已授予的管理功能" />
      )}
    </Card>
  );
}
