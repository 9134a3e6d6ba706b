// English texts of the Log dirs view (merged into en.ts as `logDirs`).
export default {
  title: 'Log dirs',
};
