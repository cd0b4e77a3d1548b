// Runtime configuration served beside the app. IT may edit this file without rebuilding.
// projectName: the document title and the header; timeDifference: idle logout in ms (default 600000);
// serverUrl: API origin (empty = same origin as the page).
window.__APP_CONFIG__ = {
  projectName: '企业知识库',
  timeDifference: 600000,
  serverUrl: '',
};
