import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderDelete, orderRefundCancel } from '../../lib/order-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { notify } from '../../stores/ui.ts';
import type { ActionKind } from './action-types.ts';
import { CancelForm } from './CancelForm.tsx';
import { ChangeTimeForm } from './ChangeTimeForm.tsx';
import { RefundForm } from './RefundForm.tsx';
import { Buttons, Failure, useAction, type FormProps } from './form-parts.tsx';

/** A confirmation: delete an ended order, or revoke a refund request waiting for review. */
function ConfirmForm({ locale, target, onClose, onDone, kind }: FormProps & { kind: 'delete' | 'revokeRefund' }) {
  const t = dictionary(locale).myOrders;
  const { busy, failure, run } = useAction();
  const remove = kind === 'delete';
  const submit = () =>
    run(async () => {
      const { orderNo } = target;
      if (remove) {
        await callApi(orderDelete, { orderNo }, { quiet: true });
        notify('success', fill(t.deleted, { orderNo }));
        onDone({ kind: 'deleted', orderNo });
      } else {
        const order = await callApi(orderRefundCancel, { orderNo }, { quiet: true });
        notify('success', t.revoked);
        onDone({ kind: 'changed', order });
      }
    });
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p>{remove ? t.deleteBody : fill(t.revokeBody, { amount: formatRM(target.refundSen ?? 0, locale) })}</p>
      <Failure text={failure} />
      <Buttons action={remove ? t.confirmDelete : t.confirmRevoke} back={remove ? t.back : t.keepRequest} busy={busy} working={t.working} onBack={onClose} danger />
    </form>
  );
}

/** The form inside an action's dialog. */
export default function ActionForm(props: FormProps & { kind: ActionKind }) {
  switch (props.kind) {
    case 'cancel':
      return <CancelForm {...props} />;
    case 'delete':
    case 'revokeRefund':
      return <ConfirmForm {...props} kind={props.kind} />;
    case 'changeTime':
      return <ChangeTimeForm {...props} />;
    case 'refund':
      return <RefundForm {...props} />;
  }
}
