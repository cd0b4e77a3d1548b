import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Cross-page UI state of the shell. */
export type LayoutState = { siderCollapsed: boolean };

const initialState: LayoutState = { siderCollapsed: false };

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    toggleSider(state) {
      state.siderCollapsed = !state.siderCollapsed;
    },
    setSiderCollapsed(state, action: PayloadAction<boolean>) {
      state.siderCollapsed = action.payload;
    },
  },
  selectors: {
    selectSiderCollapsed: (state) => state.siderCollapsed,
  },
});

export const { toggleSider, setSiderCollapsed } = layoutSlice.actions;
export const { selectSiderCollapsed } = layoutSlice.selectors;
