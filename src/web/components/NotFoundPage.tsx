import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ScreenHeading } from './ScreenHeading';

export function NotFoundPage() {
  return (
    <>
      <ScreenHeading
        title="Page not found"
        lead="If you typed the web address, check it is correct. If you pasted it, check you copied the entire address."
      />
      <Text>
        <Anchor component={Link} to="/">
          Plan a journey
        </Anchor>{' '}
        or see the{' '}
        <Anchor component={Link} to="/site-map">
          site map
        </Anchor>
        .
      </Text>
    </>
  );
}
