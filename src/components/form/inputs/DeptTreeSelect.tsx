import { useFormServices } from '../services';
import { TreeSelectPopover } from './TreeSelectPopover';
import type { TreeSelectPopoverProps } from './TreeSelectPopover';

/** Props of DeptTreeSelect. */
export type DeptTreeSelectProps = Omit<TreeSelectPopoverProps, 'load' | 'serverFilter'>;

/** Department tree select: the tree from the injected loadDeptTree, searched in the browser. */
export function DeptTreeSelect(props: DeptTreeSelectProps) {
  const { loadDeptTree } = useFormServices();
  return <TreeSelectPopover {...props} load={async () => (loadDeptTree ? loadDeptTree() : [])} />;
}
