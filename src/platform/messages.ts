/** Interface texts of the platform module. */
export const messages = {
  webCannotChangeServer: '网页版使用当前站点的服务器，不能修改',
  serverLabel: '服务器：',
  notConfigured: '未设置',
  change: '修改',
  setServer: '设置服务器地址',
  dialogTitle: '服务器地址',
  dialogHint: '请输入管理员提供的服务器地址，例如 http://10.0.0.5:8080',
  placeholder: 'http://服务器地址:端口',
  test: '测试连接',
  save: '保存',
  cancel: '取消',
  resetToPreset: '恢复默认地址',
  presetIs: '管理员预设：',
  saveFailed: '保存失败',
} as const;
