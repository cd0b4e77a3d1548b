// Runtime configuration served beside the app. IT may edit this file without rebuilding.
// projectName: the document title and the header; serverUrl: API origin (empty = same origin as the page).
// The idle logout follows the server's SESSION_IDLE_MINUTES (default 10). timeDifference (ms) may only shorten it.
window.__APP_CONFIG__ = {
  projectName: '企业知识库',
  serverUrl: '',
};
