import { createContext, useContext } from "react";
import type { AdminClient } from "./admin-client";
import { useAction, type Action } from "./use-action";

// What every section of the signed-in page uses: the API client, a reload of the page's data
// after a change, and the way back to sign-in when the admin token is refused.

export interface AdminContextValue {
  client: AdminClient;
  reload: () => Promise<void>;
  onUnauthorized: (message: string) => void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin is used outside the signed-in admin page");
  return value;
}

/** An action of a section, with the page's handling of a refused admin token. */
export function useAdminAction<A extends unknown[]>(
  work: (...args: A) => Promise<void>
): Action<A> {
  return useAction(work, useAdmin().onUnauthorized);
}
