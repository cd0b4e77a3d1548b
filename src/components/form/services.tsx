import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { EnumOption } from './enum-options';
import type { PickNode } from './tree-pick';

/**
 * The calls form inputs need, injected by the app (the kit never imports the app's http module).
 * Each answers the `results` of the platform envelope already unwrapped.
 */
export type FormServices = {
  /** Loads a list of option records from a configurable URL with params (dictionary selects). */
  fetchOptions?: (url: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>[]>;
  /** Loads the options of a dictionary code (flat-tree-dict `{dictCode}/tree4def`). */
  fetchDict?: (dictCode: string) => Promise<Record<string, unknown>[]>;
  /** Loads a static enum (model-desc/static-enum). */
  fetchStaticEnum?: (modelId: string, sColumnName: string) => Promise<{ options: EnumOption[]; multiple: boolean }>;
  /** Loads the department tree. */
  loadDeptTree?: (options?: { disableSubtreeOf?: number }) => Promise<PickNode[]>;
  /** Loads the tbom tree, filtered by text on the server. */
  loadTbomTree?: (filter: string) => Promise<PickNode[]>;
};

const Services = createContext<FormServices>({});

/** Provides the form services to every input below. */
export function FormServicesProvider({ services, children }: { services: FormServices; children: ReactNode }) {
  return <Services.Provider value={services}>{children}</Services.Provider>;
}

/** The injected form services (empty when none are provided). */
export function useFormServices(): FormServices {
  return useContext(Services);
}
