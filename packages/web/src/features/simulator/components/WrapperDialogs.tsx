/**
 * The wrapper's dialogs (simulator.md §2, §8): Session expired (Dismiss or Close module) and WebGL Not Supported
 * (Close goes to /dashboard), both forced: only their buttons close them; and the Performance Warning banner.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { Dialog } from '#ui/Dialog.tsx';

const DIALOG_WIDTH_PX = 440;

export function SessionExpiredDialog(props: {
  opened: boolean;
  onDismiss: () => void;
  onCloseModule: () => void;
}) {
  return (
    <Dialog opened={props.opened} title="Session expired" widthPx={DIALOG_WIDTH_PX} forced>
      <Text mb="md">
        This scanning session is no longer running. Close the module to return to it and start a new session,
        or dismiss this message to look at what is on the screen.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDismiss}>
          Dismiss
        </Button>
        <Button onClick={props.onCloseModule}>Close module</Button>
      </Group>
    </Dialog>
  );
}

export function WebGlNotSupportedDialog(props: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={props.opened} title="WebGL Not Supported" widthPx={DIALOG_WIDTH_PX} forced>
      <Text mb="md">
        This browser cannot draw the simulator&apos;s images because WebGL is not available. Open Larmor in a
        recent Chrome, Edge, Firefox or Safari with hardware acceleration turned on.
      </Text>
      <Group justify="flex-end">
        <Button onClick={props.onClose}>Close</Button>
      </Group>
    </Dialog>
  );
}

/** The Inactivity notice (simulator.md §4): the countdown in words and Stay. */
export function InactivityDialog(props: { countdown: string | undefined; onStay: () => void }) {
  return (
    <Dialog opened={props.countdown !== undefined} title="Inactivity notice" widthPx={DIALOG_WIDTH_PX} forced>
      <Text mb="md" aria-live="polite">
        You have not used the simulator for a while. The session will close in {props.countdown}.
      </Text>
      <Group justify="flex-end">
        <Button onClick={props.onStay}>Stay</Button>
      </Group>
    </Dialog>
  );
}

/** The leave confirmation (simulator.md §4): declining keeps the user on the simulator page. */
export function LeaveDialog(props: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog
      opened={props.opened}
      title="Leave the simulator"
      widthPx={DIALOG_WIDTH_PX}
      onClose={props.onStay}
    >
      <Text mb="md">Active session will be closed, are you sure you want to leave?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onStay}>
          Stay
        </Button>
        <Button onClick={props.onLeave}>Leave</Button>
      </Group>
    </Dialog>
  );
}

/** The Performance Warning banner: `contexts` WebGL contexts are open in this tab (simulator.md §4). */
export function PerformanceWarningBanner(props: { contexts: number | undefined }) {
  if (props.contexts === undefined) return null;
  return (
    <Alert
      color="yellow"
      variant="filled"
      // Black on Mantine's yellow: white on it is 2.5:1, below WCAG AA.
      vars={() => ({ root: { '--alert-color': 'var(--mantine-color-black)' } })}
      title="Performance warning"
      role="status"
      data-testid="performance-warning"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 300 }}
      maw={560}
    >
      {props.contexts} image views (WebGL contexts) are open in this tab. The browser may stop drawing the
      oldest ones: close the viewers and tabs you no longer need.
    </Alert>
  );
}
