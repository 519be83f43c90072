import type { DemoSession } from './demo-session.js';

/** Downloads the session's turns as a recording file, to replay with @agent-chat/testing (a story, a test). */
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
