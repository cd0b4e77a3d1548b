import { useFormServices } from '../services';
import { TreeSelectPopover } from './TreeSelectPopover';
import type { TreeSelectPopoverProps } from './TreeSelectPopover';

/** Props of TbomTreeSelect. */
export type TbomTreeSelectProps = Omit<TreeSelectPopoverProps, 'load' | 'serverFilter'>;

/** Tbom tree select: the injected loadTbomTree filters on the server by the search text. */
export function TbomTreeSelect(props: TbomTreeSelectProps) {
  const { loadTbomTree } = useFormServices();
  return <TreeSelectPopover {...props} serverFilter load={async (filter) => (loadTbomTree ? loadTbomTree(filter) : [])} />;
}
