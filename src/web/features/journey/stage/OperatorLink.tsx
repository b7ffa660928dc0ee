/**
 * The stage page's useful link to the operator's website, behind SPEC section 2's confirm
 * dialog: 'Are you sure?' with 'Yes, I'm sure' (opens the site in a new tab) and 'No, take me back'.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

export function OperatorLink({ name, url }: { name: string; url: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Visit the {name} website
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Are you sure?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="md">
          This opens {name}&apos;s website ({new URL(url).host}) in a new tab. It is not part of this journey planner.
        </Text>
        <Group>
          <Button component="a" href={url} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
            Yes, I&apos;m sure
          </Button>
          <Button variant="outline" onClick={() => setOpen(false)}>
            No, take me back
          </Button>
        </Group>
      </Modal>
    </>
  );
}
