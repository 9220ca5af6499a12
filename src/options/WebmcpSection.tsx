/**
 * Options → offering deskhand's tools to the browser's agent (WebMCP, issue 24): per console
 * origin, off by default; an admin may set or lock the list (managed storage).
 */
import { t } from '../ui/i18n.ts';
import { OriginsField, Section } from './fields.tsx';
import type { SettingsView } from './use-settings.ts';

export function WebmcpSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  return (
    <Section name="webmcp" title={t('webmcpOffer')} locked={view.anyLocked('webmcp')}>
      <p class="hint">{t('webmcpOfferIntro')}</p>
      <OriginsField
        path="webmcp.offerOrigins"
        name="webmcp-offer-origins"
        label={t('webmcpOfferOrigins')}
        locked={isLocked('webmcp.offerOrigins')}
        value={s.webmcp.offerOrigins}
        onSave={(list) => void save({ webmcp: { offerOrigins: list } }, t('webmcpOfferOrigins'))}
      />
    </Section>
  );
}
