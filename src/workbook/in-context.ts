/** Runs `work` in the given request context, or in a new Excel.run when there is none. */
export const inContext = <T>(
  context: Excel.RequestContext | undefined,
  work: (context: Excel.RequestContext) => Promise<T>
): Promise<T> => (context ? work(context) : Excel.run(work));
