/** Cline's converter: each record read by the reader of its form (detect.ts tells them apart). */
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { nativeOf } from '../shared/json.js';
import { isMessagesDocument, isSessionManifest, isTaskFolderRecord } from './detect.js';
import { ClineStdoutConverter } from './json-stdout.js';
import { MessagesDocumentConverter } from './messages-json.js';
import { isPanelLine, PanelStdoutConverter } from './panel-stdout.js';
import type { MessagesDocument, SessionManifest } from './records.js';
import { convertSessionManifest } from './session-json.js';
import { TaskFolderConverter } from './task-folder.js';

const TASK_CREATED = /^Task created successfully with ID: (\S+)$/;
const TASK_CREATED_ONESHOT = /^Task created in yolo\+plan mode \(ID: (\S+)\)$/;

/** Reads whichever form each record is: documents whole, stdout line by line. */
export class ClineConverter implements Converter {
  private stdout: ClineStdoutConverter | undefined;
  private messages: MessagesDocumentConverter | undefined;
  private task: TaskFolderConverter | undefined;
  private panel: PanelStdoutConverter | undefined;

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const value = record.value;
    if (isTaskFolderRecord(value)) {
      this.task ??= new TaskFolderConverter(this.out);
      this.task.push(record);
      return;
    }
    if (isMessagesDocument(value)) {
      this.messages ??= new MessagesDocumentConverter(this.out);
      this.messages.convert(nativeOf<MessagesDocument>(value) ?? {}, record);
      return;
    }
    if (isSessionManifest(value)) {
      convertSessionManifest(nativeOf<SessionManifest>(value) ?? {}, this.out, this.messages !== undefined);
      this.out.count('session-manifest', 'mapped');
      return;
    }
    if (isPanelLine(value)) {
      this.panel ??= new PanelStdoutConverter(this.out);
      this.panel.push(record);
      return;
    }
    if (!this.stdout) {
      this.stdout = new ClineStdoutConverter(this.out);
      this.out.session({ format: 'cline/json' });
    }
    this.stdout.push(record);
  }

  /**
   * Cline CLI 1.x (Go) prints the task it created as plain text before the JSON messages (the
   * `-F json` stream holds no task id of its own): "Task created successfully with ID: <id>" (root
   * command with --verbose, and `cline task new`) or "Task created in yolo+plan mode (ID: <id>)"
   * (`cline task oneshot`), in cli/pkg/cli/task.go. That id is the session's. Other lines of
   * the CLI's own stay unparsed.
   */
  plainText(text: string): string | undefined {
    const id = TASK_CREATED.exec(text.trim())?.[1] ?? TASK_CREATED_ONESHOT.exec(text.trim())?.[1];
    if (!id) return undefined;
    this.out.session({ nativeSessionId: id });
    return '(plain text)/task created';
  }

  flush(): void {
    this.messages?.flush();
    this.task?.flush();
    this.stdout?.flush();
    this.panel?.flush();
  }
}
