// English texts of the Deletions view (merged into en.ts as `deletions`).
export default {
  title: 'Deletions',
};
