/**
 * Share (issue 31): the phone's own share sheet where the browser has one (Web Share API), else
 * the link copied to the clipboard, else the link shown to copy by hand. The link opens the same
 * journey for anyone, without the sharer's passes or account (./share-link).
 */
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Journey } from '../../../contract/journey';
import { shareTarget } from './share-link';

export interface ShareJourneyProps {
  journey: Journey;
  hash: string;
  journeyId: string;
  onDevice: boolean;
  journeyType?: 'depart' | 'return';
}

type Outcome = 'idle' | 'shared' | 'copied' | 'manual';

export function ShareJourney({ journey, hash, journeyId, onDevice, journeyType }: ShareJourneyProps) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const target = shareTarget(window.location.origin, journey, { hash, journeyId, onDevice, journeyType });

  const share = async () => {
    const data = { title: target.title, text: target.text, url: target.url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        setOutcome('shared');
        return;
      } catch (error) {
        // The traveller closed the share sheet: nothing to say.
        if ((error as Error | null)?.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(target.url);
      setOutcome('copied');
    } catch {
      setOutcome('manual');
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => void share()}>
        Share
      </Button>
      <Stack style={{ order: 1 }} gap={4} w={outcome === 'idle' ? undefined : '100%'}>
        <Text size="sm" aria-live="polite">
          {outcome === 'copied'
            ? 'Link copied. Anyone with it sees this journey, without your passes or account.'
            : outcome === 'shared'
              ? 'Shared. Anyone with the link sees this journey, without your passes or account.'
              : ''}
        </Text>
        {outcome === 'manual' && (
          <TextInput
            label="Copy this link"
            description="Anyone with it sees this journey, without your passes or account."
            value={target.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
        {onDevice && outcome !== 'idle' && (
          <Text size="sm">
            This journey was planned on this device, so the link opens the planner with the same trip filled in.
          </Text>
        )}
      </Stack>
    </>
  );
}
