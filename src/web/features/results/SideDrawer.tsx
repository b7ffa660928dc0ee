/**
 * The Results screen's sidebars ('Edit journey' on the left, 460 px; 'Refine results' on the
 * right, 420 px: SPEC section 2). Their own chunk, fetched on first opening: Mantine's Drawer
 * brings its scroll area, focus trap and positioning code, a fifth of the page's script,
 * which a traveller who never opens a sidebar does not need.
 */
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SideDrawerProps {
  title: string;
  opened: boolean;
  onClose(): void;
  position: 'left' | 'right';
  size: number;
  children: ReactNode;
}

export default function SideDrawer({ title, opened, onClose, position, size, children }: SideDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position={position}
      size={size}
      closeButtonProps={{ 'aria-label': `Close ${title}` }}
    >
      {children}
    </Drawer>
  );
}
