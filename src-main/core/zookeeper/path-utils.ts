/**
 * ZooKeeper's `PathUtils.validatePath`, rule for rule, returning the reason instead of throwing
 * so the server can answer BADARGUMENTS with ZooKeeper's own words.
 */
export function pathValidationError(path: string): string | null {
  if (typeof path !== 'string') return 'Path cannot be null';
  if (path.length === 0) return 'Path length must be > 0';
  if (path.charAt(0) !== '/') return 'Path must start with / character';
  if (path.length === 1) return null;
  if (path.charAt(path.length - 1) === '/') return 'Path must not end with / character';
  let reason: string | null = null;
  let last = '/';
  for (let i = 1; i < path.length; last = path.charAt(i), i++) {
    const c = path.charAt(i);
    const code = path.charCodeAt(i);
    if (code === 0) {
      reason = `null character not allowed @${i}`;
      break;
    } else if (c === '/' && last === '/') {
      reason = `empty node name specified @${i}`;
      break;
    } else if (c === '.' && last === '.') {
      if (path.charAt(i - 2) === '/' && (i + 1 === path.length || path.charAt(i + 1) === '/')) {
        reason = `relative paths not allowed @${i}`;
        break;
      }
    } else if (c === '.') {
      if (path.charAt(i - 1) === '/' && (i + 1 === path.length || path.charAt(i + 1) === '/')) {
        reason = `relative paths not allowed @${i}`;
        break;
      }
    } else if (
      (code > 0x0000 && code <= 0x001f) ||
      (code >= 0x007f && code <= 0x009f) ||
      (code >= 0xd800 && code <= 0xf8ff) ||
      (code >= 0xfff0 && code <= 0xffff)
    ) {
      reason = `invalid character @${i}`;
      break;
    }
  }
  return reason === null ? null : `Invalid path string "${path}" caused by ${reason}`;
}

/** Validates as ZooKeeper does for a create: a sequential path is checked with a digit appended. */
export function createPathValidationError(path: string, sequential: boolean): string | null {
  return pathValidationError(sequential ? `${path}1` : path);
}

export function parentPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

export function nodeName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function joinPath(parent: string, child: string): string {
  return parent === '/' ? `/${child}` : `${parent}/${child}`;
}

/** `String.format("%010d", n)` as Java does it, negative numbers included. */
export function sequenceSuffix(n: number): string {
  return n < 0 ? `-${String(-n).padStart(9, '0')}` : String(n).padStart(10, '0');
}

/** The path and its ancestors, nearest first, ending with `/` (the path itself included). */
export function* pathAndAncestors(path: string): Generator<string> {
  let current = path;
  for (;;) {
    yield current;
    if (current === '/') return;
    current = parentPath(current);
  }
}
