import { useFormServices } from '../services';
import { TreeSelectPopover } from './TreeSelectPopover';
import type { TreeSelectPopoverProps } from './TreeSelectPopover';

/** Props of DeptTreeSelect. */
export type DeptTreeSelectProps = Omit<TreeSelectPopoverProps, 'load' | 'serverFilter' | 'loadKey'> & {
  /** This department and its subtree come back `disabled` from the server (a department's own parent picker). */
  disableSubtreeOf?: number;
};

/** Department tree select: the tree from the injected loadDeptTree, opened expanded, searched in the browser. */
export function DeptTreeSelect({ disableSubtreeOf, ...props }: DeptTreeSelectProps) {
  const { loadDeptTree } = useFormServices();
  const options = disableSubtreeOf === undefined ? undefined : { disableSubtreeOf };
  return (
    <TreeSelectPopover
      expandAll
      {...props}
      loadKey={`dept:${disableSubtreeOf ?? ''}`}
      load={async () => (loadDeptTree ? loadDeptTree(options) : [])}
    />
  );
}
