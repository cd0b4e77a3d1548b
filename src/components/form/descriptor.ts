import type { CSSProperties } from 'react';

/** Input kinds a field descriptor can ask for. */
export type FieldType =
  | 'input'
  | 'password'
  | 'textarea'
  | 'number'
  | 'boolean'
  | 'datetimerange'
  | 'select'
  | 'dict'
  | 'enum'
  | 'icon'
  | 'selector';

/** Validators of contract/validation a descriptor can name. */
export type FieldValidatorName = 'mobile' | 'landline' | 'phone' | 'email' | 'specialChars';

/** Dictionary select configuration (spec §3). */
export type DicConfig = {
  /** Key of the option label in loaded records (default `name`). */
  label?: string;
  /** Key of the option value in loaded records (default `id`). */
  value?: string;
  /** URL the options are loaded from, with `params`. */
  actionUrl?: string;
  /** Fallback URL when there is no actionUrl. */
  defaultUrl?: string;
  /** Fixed options; when given nothing is loaded. */
  selectOptions?: Record<string, unknown>[];
  /** Value used while the field is empty. */
  defaultValue?: unknown;
  params?: Record<string, unknown>;
};

/** Unit of a number field: the base unit and the units to choose from (comma-joined or lists). */
export type UnitConfig = { baseUnitId?: string; selectorIds?: string | string[]; selectorNames?: string | string[] };

/** The field descriptor of spec §3 that drives DescriptorForm; label, required and validators are the kit's additions. */
export type FieldDescriptor = {
  sColumnName: string;
  type: FieldType;
  /** The label shown before the input (kit addition: the spec's list names none). */
  label?: string;
  required?: boolean;
  validators?: FieldValidatorName[];
  className?: string;
  /** Grid span; default from spanFor(field count). */
  span?: number;
  /** For type 'selector': which tree, and how it picks. */
  selector?: {
    selectorType: 'dept' | 'tbom';
    multiple?: boolean;
    searchable?: boolean;
    /** dept: this department and its subtree are disabled (not pickable), as the server marks them. */
    disableSubtreeOf?: number;
  };
  /** For type 'select': value → label. */
  aryOptions?: Record<string, string>;
  dicConfig?: DicConfig;
  /** For type 'dict' without actionUrl: options of this dictionary (flat-tree-dict). */
  dictCode?: string;
  /** Extra props passed to the input (placeholder, disabled, allowClear…). */
  eloptions?: Record<string, unknown>;
  style?: CSSProperties;
  maxlength?: number;
  showPassword?: boolean;
  /** Decimal places of a number field; applied only when > 0. */
  numberPrecision?: number;
  unit?: UnitConfig;
  defaultValue?: unknown;
  /** For selectors: parent nodes may be picked too (clickParent). */
  isClick?: boolean;
};
