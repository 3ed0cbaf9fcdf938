import { Link } from 'react-router';
import { CheckList } from '../../components/CheckList';
import { TextAreaField, TextField } from '../../components/Field';
import { SectionHeading } from '../../components/SectionHeading';
import { Select } from '../../components/Select';
import '../../styles/marketing.css';
import { BUDGETS, DEADLINES, estimateRequestSchema, PROJECT_TYPES } from '@mapnest/shared/contact';
import { Honeypot } from '../contact/Honeypot';
import { RequestFormEnd, RequestSent, RequesterNameEmail } from '../contact/RequestFormParts';
import { useRequestForm } from '../contact/use-request-form';
import { PAGE_TITLES } from '../titles';

const options = <T extends Record<string, string>>(record: T) =>
  (Object.keys(record) as (keyof T & string)[]).map((value) => ({ value, label: record[value] as string }));

type ProjectType = keyof typeof PROJECT_TYPES;
type Deadline = keyof typeof DEADLINES;
type Budget = keyof typeof BUDGETS;

const FIELD_ORDER = ['name', 'email', 'company', 'projectType', 'mapCount', 'deadline', 'budget', 'message'] as const;

const INCLUDED = [
  'Your floor plans or site plans redrawn as clean, fast vector maps',
  'Locations entered with titles, descriptions, images and links',
  'Groups, filters and floors set up the way your visitors search',
  'Styling matched to your brand, ready to embed on your site',
  'A review round before anything goes live',
];

function useEstimateRequest() {
  return useRequestForm({
    kind: 'estimate',
    initial: {
      website: '',
      name: '',
      email: '',
      company: '',
      projectType: '' as ProjectType | '',
      mapCount: '1',
      deadline: '' as Deadline | '',
      budget: '' as Budget | '',
      message: '',
    },
    schema: estimateRequestSchema,
    fieldOrder: FIELD_ORDER,
  });
}

type EstimateRequest = ReturnType<typeof useEstimateRequest>;

export default function EstimatePage() {
  const request = useEstimateRequest();
  const sent = request.sent;

  return (
    <section className="page-hero page-hero--form" aria-labelledby="estimate-title">
      <div className="container form-layout">
        <EstimateIntro />
        <div className="form-card">
          {sent ? (
            <RequestSent title={`Thanks, ${sent.name}. We have your project details.`}>
              We will review them and send an estimate to {sent.email}.
            </RequestSent>
          ) : (
            <EstimateForm request={request} />
          )}
        </div>
      </div>
    </section>
  );
}

/** The page's title, what the work includes, and the way to do it yourself. */
function EstimateIntro() {
  return (
    <div className="form-layout__intro">
      <SectionHeading
        as="h1"
        id="estimate-title"
        eyebrow={PAGE_TITLES.estimate}
        title="We build the map, you publish it"
        subtitle="Short on time, or have dozens of floors to convert? Tell us about the project and we will come back with an estimate and a timeline."
      />
      <h2 className="form-layout__subheading">What is included</h2>
      <CheckList items={INCLUDED} />
      <p className="form-layout__aside">
        Prefer to do it yourself? <Link to="/register">Start for free</Link> and follow the{' '}
        <Link to="/docs">documentation</Link>.
      </p>
    </div>
  );
}

function EstimateForm({ request }: { request: EstimateRequest }) {
  const { values, set, formError, sending, submit } = request;
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="estimate-form-title">
      <h2 id="estimate-form-title" className="form__title">
        Request an estimate
      </h2>
      <Honeypot value={values.website} onChange={(v) => set('website', v)} />
      <RequesterFields request={request} />
      <ProjectFields request={request} />
      <RequestFormEnd
        formError={formError}
        sending={sending}
        submitLabel="Request estimate"
        purpose="prepare the estimate"
      />
    </form>
  );
}

/** Who asks: name, email and company. */
function RequesterFields({ request: { values, set, errors } }: { request: EstimateRequest }) {
  return (
    <>
      <div className="form__row">
        <RequesterNameEmail values={values} errors={errors} set={set} />
      </div>
      <TextField
        label="Company"
        name="company"
        autoComplete="organization"
        value={values.company}
        error={errors.company}
        onChange={(e) => set('company', e.target.value)}
      />
    </>
  );
}

/** The project: what, how many maps, by when, for how much, and its details. */
function ProjectFields({ request: { values, set, errors } }: { request: EstimateRequest }) {
  return (
    <>
      <div className="form__row">
        <Select
          label="What do you need?"
          name="projectType"
          required
          placeholder="Choose a project type"
          value={values.projectType}
          options={options(PROJECT_TYPES)}
          error={errors.projectType}
          onChange={(v) => set('projectType', v)}
        />
        <TextField
          label="Number of maps"
          name="mapCount"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          required
          value={values.mapCount}
          error={errors.mapCount}
          onChange={(e) => set('mapCount', e.target.value)}
        />
      </div>
      <div className="form__row">
        <Select
          label="Deadline"
          name="deadline"
          required
          placeholder="Choose a deadline"
          value={values.deadline}
          options={options(DEADLINES)}
          error={errors.deadline}
          onChange={(v) => set('deadline', v)}
        />
        <Select
          label="Budget"
          name="budget"
          required
          placeholder="Choose a budget"
          value={values.budget}
          options={options(BUDGETS)}
          error={errors.budget}
          onChange={(v) => set('budget', v)}
        />
      </div>
      <TextAreaField
        label="Project details"
        name="message"
        required
        rows={6}
        hint="What the maps show, how many locations and floors, and where they will be embedded."
        value={values.message}
        error={errors.message}
        onChange={(e) => set('message', e.target.value)}
      />
    </>
  );
}
