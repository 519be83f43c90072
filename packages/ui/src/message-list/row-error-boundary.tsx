import { Component, type ReactNode } from 'react';

interface RowErrorBoundaryProps {
  /** The message shown; a new one (e.g. the next streamed token) tries rendering again. */
  message: unknown;
  messageId: string;
  /** What the row says instead ("This message could not be shown."). */
  text: string;
  /** Inside a row's article (one message of an answer): the notice alone, no article of its own. */
  inline?: boolean;
  children: ReactNode;
}

/** Keeps a message that fails to render in its own row: a small error there, never a blank app. */
export class RowErrorBoundary extends Component<RowErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: RowErrorBoundaryProps) {
    if (this.state.failed && previous.message !== this.props.message) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const notice = (
      <p className="acu-message__status" data-state="render-error" data-message-id={this.props.messageId} role="alert">
        {this.props.text}
      </p>
    );
    // An article, as every row of the feed is; the alert inside it is what screen readers announce.
    return this.props.inline ? notice : <article className="acu-message acu-message--render-error">{notice}</article>;
  }
}
