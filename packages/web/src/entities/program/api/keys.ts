/** Query keys of learning content: a write invalidates `programsQueryKey`, so every list and page refetches. */
export const programsQueryKey = ['programs'] as const;
export const catalogQueryKey = ['catalog'] as const;
