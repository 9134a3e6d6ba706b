import { ElMessageBox } from 'element-plus';
import { useI18n } from 'vue-i18n';

export interface ConfirmOptions {
  /** A warning look, for what cannot be undone. */
  readonly danger?: boolean;
  /** The confirm button's text (default: Confirm). */
  readonly confirmText?: string;
}

/** A yes/no question in Element Plus's message box: resolves true when the person confirms. */
export function useConfirm(): (message: string, title: string, options?: ConfirmOptions) => Promise<boolean> {
  const { t } = useI18n();
  return async (message, title, options = {}) => {
    try {
      await ElMessageBox.confirm(message, title, {
        confirmButtonText: options.confirmText ?? t('common.confirm'),
        cancelButtonText: t('common.cancel'),
        type: options.danger ? 'warning' : 'info',
      });
      return true;
    } catch {
      return false;
    }
  };
}
