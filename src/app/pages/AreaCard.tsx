import { RightOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { createElement, type ComponentType } from 'react';

export type AreaCardProps = { title: string; description: string; icon: ComponentType; onOpen: () => void };

/** A card on /Transit leading into one area. */
export function AreaCard({ title, description, icon, onOpen }: AreaCardProps) {
  return (
    <Card hoverable onClick={onOpen} data-testid="area-card" role="link" aria-label={title} style={{ height: '100%' }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ fontSize: 28, color: '#1677ff', lineHeight: 1 }}>{createElement(icon)}</div>
        <div style={{ flex: 1 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{description}</Typography.Text>
        </div>
        <RightOutlined style={{ color: '#bfbfbf', marginTop: 4 }} />
      </div>
    </Card>
  );
}
