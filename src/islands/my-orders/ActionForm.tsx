import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderDelete, orderRefundCancel } from '../../lib/endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { notify } from '../../stores/ui.ts';
import type { ActionKind } from './action-types.ts';
import { CancelForm } from './CancelForm.tsx';
import { ChangeTimeForm } from './ChangeTimeForm.tsx';
import { RefundForm } from './RefundForm.tsx';
import { Buttons, Failure, useAction, type FormProps } from './form-parts.tsx';

function DeleteForm({ locale, target, onClose, onDone }: FormProps) {
  const t = dictionary(locale).myOrders;
  const { busy, failure, run } = useAction();
  const submit = () =>
    run(async () => {
      await callApi(orderDelete, { orderNo: target.orderNo }, { quiet: true });
      notify('success', fill(t.deleted, { orderNo: target.orderNo }));
      onDone({ kind: 'deleted', orderNo: target.orderNo });
    });
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p>{t.deleteBody}</p>
      <Failure text={failure} />
      <Buttons action={t.confirmDelete} back={t.back} busy={busy} working={t.working} onBack={onClose} danger />
    </form>
  );
}

function RevokeForm({ locale, target, onClose, onDone }: FormProps) {
  const t = dictionary(locale).myOrders;
  const { busy, failure, run } = useAction();
  const submit = () =>
    run(async () => {
      const order = await callApi(orderRefundCancel, { orderNo: target.orderNo }, { quiet: true });
      notify('success', t.revoked);
      onDone({ kind: 'changed', order });
    });
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p>{fill(t.revokeBody, { amount: formatRM(target.refundSen ?? 0, locale) })}</p>
      <Failure text={failure} />
      <Buttons action={t.confirmRevoke} back={t.keepRequest} busy={busy} working={t.working} onBack={onClose} danger />
    </form>
  );
}

/** The form inside an action's dialog. */
export default function ActionForm(props: FormProps & { kind: ActionKind }) {
  switch (props.kind) {
    case 'cancel':
      return <CancelForm {...props} />;
    case 'delete':
      return <DeleteForm {...props} />;
    case 'changeTime':
      return <ChangeTimeForm {...props} />;
    case 'refund':
      return <RefundForm {...props} />;
    case 'revokeRefund':
      return <RevokeForm {...props} />;
  }
}
