import { Link } from 'react-router';
import { Select } from '../../components/Select';
import { SectionHeading } from '../../components/SectionHeading';
import { TextAreaField } from '../../components/Field';
import '../../styles/marketing.css';
import { PAGE_TITLES } from '../titles';
import { CONTACT_TOPICS, contactRequestSchema } from '@mapnest/shared/contact';
import { Honeypot } from './Honeypot';
import { RequestFormEnd, RequestSent, RequesterNameEmail } from './RequestFormParts';
import { useRequestForm } from './use-request-form';

type Topic = keyof typeof CONTACT_TOPICS;

const TOPIC_OPTIONS = (Object.keys(CONTACT_TOPICS) as Topic[]).map((value) => ({
  value,
  label: CONTACT_TOPICS[value],
}));
const FIELD_ORDER = ['name', 'email', 'topic', 'message'] as const;

function useContactRequest() {
  return useRequestForm({
    kind: 'contact',
    initial: { website: '', name: '', email: '', topic: '' as Topic | '', message: '' },
    schema: contactRequestSchema,
    fieldOrder: FIELD_ORDER,
  });
}

export default function ContactPage() {
  const request = useContactRequest();
  const sentTo = request.sent;

  return (
    <section className="page-hero page-hero--form" aria-labelledby="contact-title">
      <div className="container form-layout">
        <ContactIntro />
        <div className="form-card">
          {sentTo ? (
            <RequestSent title={`Thanks, ${sentTo.name}. Your message is on its way.`}>
              We will reply to {sentTo.email} as soon as we can.
            </RequestSent>
          ) : (
            <ContactForm request={request} />
          )}
        </div>
      </div>
    </section>
  );
}

/** The page's title and where other questions are better answered. */
function ContactIntro() {
  return (
    <div className="form-layout__intro">
      <SectionHeading
        as="h1"
        id="contact-title"
        eyebrow={PAGE_TITLES.contact}
        title="Talk to the Mapnest team"
        subtitle="Questions about plans, a map that does not behave, an idea for a feature: send us a message and a person will answer."
      />
      <ul className="contact-points">
        <li>
          <h2 className="contact-points__title">Need a map built for you?</h2>
          <p>
            Tell us about the project on the <Link to="/estimate">custom work</Link> page and we will send an estimate.
          </p>
        </li>
        <li>
          <h2 className="contact-points__title">Looking for how-tos?</h2>
          <p>
            The <Link to="/docs">documentation</Link> covers building, styling and embedding maps step by step.
          </p>
        </li>
        <li>
          <h2 className="contact-points__title">Subscribers</h2>
          <p>
            Professional plans get priority support: send this form while signed in and your message reaches us marked
            priority. Mention the map you are writing about.
          </p>
        </li>
      </ul>
    </div>
  );
}

function ContactForm({ request }: { request: ReturnType<typeof useContactRequest> }) {
  const { values, set, errors, formError, sending, submit } = request;
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="form__title">
        Send us a message
      </h2>
      <Honeypot value={values.website} onChange={(v) => set('website', v)} />
      <RequesterNameEmail values={values} errors={errors} set={set} />
      <Select
        label="Topic"
        name="topic"
        required
        placeholder="Choose a topic"
        value={values.topic}
        options={TOPIC_OPTIONS}
        error={errors.topic}
        onChange={(v) => set('topic', v)}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        value={values.message}
        error={errors.message}
        onChange={(e) => set('message', e.target.value)}
      />
      <RequestFormEnd formError={formError} sending={sending} submitLabel="Send message" purpose="answer you" />
    </form>
  );
}
