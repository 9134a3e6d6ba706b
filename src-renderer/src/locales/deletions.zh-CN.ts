// 简体中文 texts of the Deletions view (merged into zh-CN.ts as `deletions`; same keys as deletions.en.ts).
export default {
  title: '删除进度',
};
