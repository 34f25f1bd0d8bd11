/** Query keys of the students feature. */
export const studentsQueryKey = ['students'] as const;
