/**
 * The campaign pop-up's dialog (SPEC sections 2 and 4): title, thumbnail, text and one button:
 * 'Close' without a url, else the campaign's url_button_text, which opens the url in a new
 * window. Mantine's Modal traps focus, is labelled by its title and closes on Escape. Loaded only
 * when a campaign is to be shown (CampaignPopup), so first loads do without the modal's code.
 */
import { Button, Group, Image, Modal, Text } from '@mantine/core';
import type { Campaign } from '../../../contract/campaigns';

export interface CampaignDialogProps {
  campaign: Campaign;
  close(): void;
  clickThrough(): void;
}

export default function CampaignDialog({ campaign, close, clickThrough }: CampaignDialogProps) {
  return (
    <Modal
      opened
      onClose={close}
      title={campaign.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close pop-up' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {campaign.thumbnail && (
        <Image src={campaign.thumbnail.cover_url} alt="" radius="sm" mah={200} fit="cover" mb="md" />
      )}
      <Text style={{ whiteSpace: 'pre-line' }}>{campaign.text}</Text>
      <Group justify="flex-end" mt="lg">
        {campaign.url ? (
          <Button onClick={clickThrough}>{campaign.url_button_text || 'Find out more'}</Button>
        ) : (
          <Button onClick={close}>Close</Button>
        )}
      </Group>
    </Modal>
  );
}
