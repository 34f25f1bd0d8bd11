/** Query keys of the simulator's calls. */
export const sessionQueryKey = (sessionId: string) => ['simulator', 'session', sessionId] as const;
