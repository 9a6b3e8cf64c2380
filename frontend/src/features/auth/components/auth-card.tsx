import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The card every sign-in, sign-up and recovery screen sits in. */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="w-full animate-slide-up">
      <Card className="p-6 sm:p-8">
        {icon ? (
          <div className="mb-5 grid size-12 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
            {icon}
          </div>
        ) : null}
        <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">{title}</h1>
        {subtitle ? <div className="mt-2 text-sm text-muted">{subtitle}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
    </div>
  );
}
