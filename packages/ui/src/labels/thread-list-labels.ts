/** The thread list's strings (`ThreadList`, `AgentChatView` with `threads`); override them like any label. */
export interface ThreadListLabels {
  threads: string;
  newChat: string;
  untitledThread: string;
  threadGroupToday: string;
  threadGroupYesterday: string;
  threadGroupWeek: string;
  threadGroupOlder: string;
  threadGroupArchived: string;
  threadRunning: string;
  /** The mark of a thread whose answer ended while another was shown (background runs). */
  threadUnread: string;
  /** The mark of a thread whose background answer ended asking the user something. */
  threadNeedsYou: string;
  renameThread: string;
  archiveThread: string;
  unarchiveThread: string;
  deleteThread: string;
  threadDeleted: (title: string) => string;
  undoDelete: string;
  threadsFailed: (message: string) => string;
  dismiss: string;
  loadMoreThreads: string;
  noThreads: string;
  threadNotFound: string;
  backToThreads: string;
  showThreads: string;
}
