import type { DemoSession } from './demo-session.js';

/** Downloads the session's turns as a recording file, to replay with @agent-chat/testing (a story, a test) or below. */
export function SaveRecordingButton({ session }: { session: DemoSession }) {
  const save = () => {
    const recording = session.recording();
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(recording, null, 1)}\n`], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `agent-chat-recording-${recording.protocol}.json`;
    link.click();
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <>
      <button type="button" className="acu-button save-recording" onClick={save} aria-describedby="save-recording-description">
        Save recording
      </button>
      <span id="save-recording-description" className="visually-hidden">
        Downloads this conversation's turns as a recording file, to replay offline with @agent-chat/testing.
      </span>
    </>
  );
}

/** Replays a recording file (Save recording's, or any made with @agent-chat/testing) into a new chat, offline. */
export function ReplayRecordingInput({ session }: { session: DemoSession }) {
  const replay = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file can be chosen again.
    input.value = '';
    if (file) await session.replay(await file.text());
  };
  return (
    <>
      <label className="acu-button replay-recording">
        Replay a recording
        <input
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          aria-describedby="replay-recording-description"
          onChange={(event) => void replay(event.currentTarget)}
        />
      </label>
      {/* Outside the label: a description, not part of the control's name. */}
      <span id="replay-recording-description" className="visually-hidden">
        Plays a saved recording into a new chat, offline, with the protocol it was recorded in.
      </span>
    </>
  );
}
