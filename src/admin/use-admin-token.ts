import { useCallback, useState } from "react";

// The admin token lives in this tab's sessionStorage only: closing the tab forgets it, and no
// other tab, cookie or later visit sees it.

const STORAGE_KEY = "mailFinder.admin.token";

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function useAdminToken(): {
  token: string | null;
  signIn: (token: string) => void;
  signOut: () => void;
} {
  const [token, setToken] = useState(storedToken);
  const signIn = useCallback((value: string) => {
    try {
      sessionStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Storage refused (private mode): the token is kept for this page only.
    }
    setToken(value);
  }, []);
  const signOut = useCallback(() => {
    try {
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing was stored.
    }
    setToken(null);
  }, []);
  return { token, signIn, signOut };
}
