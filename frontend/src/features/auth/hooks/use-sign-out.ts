import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearStoredToken } from '@/lib/auth-token';

/** Removes the stored token, forgets cached server data and goes to /home. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearStoredToken();
    queryClient.clear();
    navigate('/home', { replace: true });
  }, [navigate, queryClient]);
}
