import { Alert, Anchor, Loader } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useOnline } from '../../lib/online-status';

/** While the signed-in user loads; offline it never will, so say so and point to what still works. */
export function UserLoading() {
  const online = useOnline();
  if (online) return <Loader aria-label="Loading your account" />;
  return (
    <Alert color="gray" role="status">
      Your account details need a connection. Your saved journeys are still under{' '}
      <Anchor renderRoot={(props) => <Link {...props} to="/searches" search={{ list: 'saved' }} />}>My journeys</Anchor>
      .
    </Alert>
  );
}
