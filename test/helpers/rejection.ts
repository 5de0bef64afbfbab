/** What `promise` rejected with; a promise that resolves fails the test instead. */
export const rejectionOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    (value) => {
      throw new Error(`resolved with ${JSON.stringify(value)} instead of rejecting`);
    },
    (error: unknown) => error
  );
