// 简体中文 texts of the Log dirs view (merged into zh-CN.ts as `logDirs`; same keys as log-dirs.en.ts).
export default {
  title: '日志目录',
};
