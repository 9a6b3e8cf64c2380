import { Navigate, Outlet } from 'react-router';
import { useAuthToken } from '@/lib/auth-token';

/** Renders its child routes only with a stored token; otherwise sends the visitor to /home. */
export function ProtectedRoute() {
  const token = useAuthToken();
  if (!token) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/** `/`: the dashboard with a stored token, the landing page without. */
export function RootRedirect() {
  const token = useAuthToken();
  return <Navigate to={token ? '/dashboard' : '/home'} replace />;
}
