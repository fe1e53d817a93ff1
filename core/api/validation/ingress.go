package validation

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Ingress and IngressClass validation (pkg/apis/networking/validation).
// The RelaxedServiceNameValidation gate is GA and locked on in v1.37, so
// a backend Service name is checked as a DNS label.

// annotationIngressClass is the deprecated kubernetes.io/ingress.class
// annotation ValidateIngressCreate compares with ingressClassName.
const annotationIngressClass = "kubernetes.io/ingress.class"

// invalidPathSequences and invalidPathSuffixes are upstream's.
var (
	invalidPathSequences = []string{"//", "/./", "/../", "%2f", "%2F"}
	invalidPathSuffixes  = []string{"/..", "/."}
)

// validateIngressCreate models ValidateIngressCreate.
func validateIngressCreate(ing *api.Ingress) field.ErrorList {
	errs := validateIngress(ing)
	if v, ok := ing.Annotations[annotationIngressClass]; ok && ing.Spec.IngressClassName != nil && v != *ing.Spec.IngressClassName {
		errs = append(errs, field.Invalid(field.NewPath("annotations").Child(annotationIngressClass), v, "must match `ingressClassName` when both are specified"))
	}
	return errs
}

// validateIngressUpdate models ValidateIngressUpdate.
func validateIngressUpdate(ing, old *api.Ingress) field.ErrorList {
	errs := validateObjectMetaUpdate(&ing.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateIngress(ing)...)
}

// validateIngressStatusUpdate models ValidateIngressStatusUpdate.
func validateIngressStatusUpdate(ing, old *api.Ingress) field.ErrorList {
	errs := validateObjectMetaUpdate(&ing.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	fld := field.NewPath("status", "loadBalancer")
	for i, in := range ing.Status.LoadBalancer.Ingress {
		p := fld.Child("ingress").Index(i)
		if in.IP != "" {
			errs = append(errs, validateIP(p.Child("ip"), in.IP)...)
		}
		if in.Hostname != "" {
			for _, msg := range naming.IsDNS1123Subdomain(in.Hostname) {
				errs = append(errs, field.Invalid(p.Child("hostname"), in.Hostname, msg))
			}
			if _, isIP := parseIP(in.Hostname); isIP {
				errs = append(errs, field.Invalid(p.Child("hostname"), in.Hostname, "must be a DNS name, not an IP address"))
			}
		}
	}
	return errs
}

func validateIngress(ing *api.Ingress) field.ErrorList {
	errs := validateObjectMeta(&ing.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validateIngressSpec(&ing.Spec, field.NewPath("spec"))...)
}

// validateIngressSpec models ValidateIngressSpec.
func validateIngressSpec(spec *api.IngressSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(spec.Rules) == 0 && spec.DefaultBackend == nil {
		errs = append(errs, field.Invalid(fldPath, spec.Rules, "either `defaultBackend` or `rules` must be specified"))
	}
	if spec.DefaultBackend != nil {
		errs = append(errs, validateIngressBackend(spec.DefaultBackend, fldPath.Child("defaultBackend"))...)
	}
	for i, r := range spec.Rules {
		errs = append(errs, validateIngressRule(&r, fldPath.Child("rules").Index(i))...)
	}
	for ti, tls := range spec.TLS {
		tp := fldPath.Child("tls").Index(ti)
		for i, host := range tls.Hosts {
			msgs := naming.IsDNS1123Subdomain(host)
			if strings.Contains(host, "*") {
				msgs = wildcardDNS1123SubdomainMessages(host)
			}
			for _, msg := range msgs {
				errs = append(errs, field.Invalid(tp.Child("hosts").Index(i), host, msg))
			}
		}
		if tls.SecretName != "" { // validateTLSSecretName
			for _, msg := range nameIsDNSSubdomain(tls.SecretName, false) {
				errs = append(errs, field.Invalid(tp.Child("secretName"), tls.SecretName, msg))
			}
		}
	}
	if spec.IngressClassName != nil {
		for _, msg := range nameIsDNSSubdomain(*spec.IngressClassName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("ingressClassName"), *spec.IngressClassName, msg))
		}
	}
	return errs
}

// validateIngressRule models one iteration of validateIngressRules.
func validateIngressRule(r *api.IngressRule, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if r.Host != "" {
		if _, isIP := parseIP(r.Host); isIP {
			errs = append(errs, field.Invalid(fldPath.Child("host"), r.Host, "must be a DNS name, not an IP address"))
		}
		msgs := naming.IsDNS1123Subdomain(r.Host)
		if strings.Contains(r.Host, "*") {
			msgs = wildcardDNS1123SubdomainMessages(r.Host)
		}
		for _, msg := range msgs {
			errs = append(errs, field.Invalid(fldPath.Child("host"), r.Host, msg))
		}
	}
	if r.HTTP == nil {
		return errs
	}
	hp := fldPath.Child("http")
	if len(r.HTTP.Paths) == 0 {
		errs = append(errs, field.Required(hp.Child("paths"), ""))
	}
	for i := range r.HTTP.Paths {
		errs = append(errs, validateHTTPIngressPath(&r.HTTP.Paths[i], hp.Child("paths").Index(i))...)
	}
	return errs
}

// validateHTTPIngressPath models the function of that name.
func validateHTTPIngressPath(p *api.HTTPIngressPath, fldPath *field.Path) field.ErrorList {
	if p.PathType == nil {
		return field.ErrorList{field.Required(fldPath.Child("pathType"), "pathType must be specified")}
	}
	var errs field.ErrorList
	switch *p.PathType {
	case api.PathTypeExact, api.PathTypePrefix:
		if !strings.HasPrefix(p.Path, "/") {
			errs = append(errs, field.Invalid(fldPath.Child("path"), p.Path, "must be an absolute path"))
		}
		if p.Path != "" {
			for _, seq := range invalidPathSequences {
				if strings.Contains(p.Path, seq) {
					errs = append(errs, field.Invalid(fldPath.Child("path"), p.Path, fmt.Sprintf("must not contain '%s'", seq)))
				}
			}
			for _, suf := range invalidPathSuffixes {
				if strings.HasSuffix(p.Path, suf) {
					errs = append(errs, field.Invalid(fldPath.Child("path"), p.Path, fmt.Sprintf("cannot end with '%s'", suf)))
				}
			}
		}
	case api.PathTypeImplementationSpecific:
		if p.Path != "" && !strings.HasPrefix(p.Path, "/") {
			errs = append(errs, field.Invalid(fldPath.Child("path"), p.Path, "must be an absolute path"))
		}
	default:
		errs = append(errs, field.NotSupported(fldPath.Child("pathType"), *p.PathType,
			[]api.PathType{api.PathTypeExact, api.PathTypeImplementationSpecific, api.PathTypePrefix}))
	}
	return append(errs, validateIngressBackend(&p.Backend, fldPath.Child("backend"))...)
}

// validateIngressBackend models the function of that name.
func validateIngressBackend(b *api.IngressBackend, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch {
	case b.Resource != nil && b.Service != nil:
		return field.ErrorList{field.Invalid(fldPath, "", "cannot set both resource and service backends")}
	case b.Resource != nil:
		errs = append(errs, validateTypedLocalObjectReference(b.Resource, fldPath.Child("resource"))...)
	case b.Service != nil:
		if b.Service.Name == "" {
			errs = append(errs, field.Required(fldPath.Child("service", "name"), ""))
		} else {
			for _, msg := range nameIsDNSLabel(b.Service.Name, false) {
				errs = append(errs, field.Invalid(fldPath.Child("service", "name"), b.Service.Name, msg))
			}
		}
		port := b.Service.Port
		switch {
		case port.Name != "" && port.Number != 0:
			errs = append(errs, field.Invalid(fldPath, "", "cannot set both port name & port number"))
		case port.Name != "":
			for _, msg := range naming.IsValidPortName(port.Name) {
				errs = append(errs, field.Invalid(fldPath.Child("service", "port", "name"), port.Name, msg))
			}
		case port.Number != 0:
			for _, msg := range naming.IsValidPortNum(int(port.Number)) {
				errs = append(errs, field.Invalid(fldPath.Child("service", "port", "number"), port.Number, msg))
			}
		default:
			errs = append(errs, field.Required(fldPath, "port name or number is required"))
		}
	default:
		errs = append(errs, field.Invalid(fldPath, "", "resource or service backend is required"))
	}
	return errs
}

// validateTypedLocalObjectReference models validateIngressTypedLocalObjectReference.
func validateTypedLocalObjectReference(r *api.TypedLocalObjectReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if r.APIGroup != nil {
		for _, msg := range naming.IsDNS1123Subdomain(*r.APIGroup) {
			errs = append(errs, field.Invalid(fldPath.Child("apiGroup"), *r.APIGroup, msg))
		}
	}
	errs = append(errs, requiredPathSegment(r.Kind, fldPath.Child("kind"))...)
	return append(errs, requiredPathSegment(r.Name, fldPath.Child("name"))...)
}

func requiredPathSegment(v string, fldPath *field.Path) field.ErrorList {
	if v == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	var errs field.ErrorList
	for _, msg := range pathSegmentNameMessages(v) {
		errs = append(errs, field.Invalid(fldPath, v, msg))
	}
	return errs
}

// maxLenIngressClassController is upstream's.
const maxLenIngressClassController = 250

// validateIngressClass models ValidateIngressClass.
func validateIngressClass(ic *api.IngressClass) field.ErrorList {
	errs := validateObjectMeta(&ic.ObjectMeta, metaOptions{nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	fld := field.NewPath("spec")
	if len(ic.Spec.Controller) > maxLenIngressClassController {
		errs = append(errs, field.TooLong(fld.Child("controller"), "", maxLenIngressClassController))
	}
	errs = append(errs, validateDomainPrefixedPath(fld.Child("controller"), ic.Spec.Controller)...)
	if p := ic.Spec.Parameters; p != nil { // validateIngressClassParametersReference
		pp := fld.Child("parameters")
		if p.APIGroup != nil {
			for _, msg := range naming.IsDNS1123Subdomain(*p.APIGroup) {
				errs = append(errs, field.Invalid(pp.Child("apiGroup"), *p.APIGroup, msg))
			}
		}
		errs = append(errs, requiredPathSegment(p.Kind, pp.Child("kind"))...)
		errs = append(errs, requiredPathSegment(p.Name, pp.Child("name"))...)
		switch {
		case p.Scope == nil:
			errs = append(errs, field.Required(pp.Child("scope"), ""))
		case *p.Scope == api.IngressClassParametersReferenceScopeNamespace:
			if p.Namespace == nil {
				errs = append(errs, field.Required(pp.Child("namespace"), "`parameters.scope` is set to 'Namespace'"))
			} else {
				for _, msg := range nameIsDNSLabel(*p.Namespace, false) {
					errs = append(errs, field.Invalid(pp.Child("namespace"), *p.Namespace, msg))
				}
			}
		case *p.Scope == api.IngressClassParametersReferenceScopeCluster:
			if p.Namespace != nil {
				errs = append(errs, field.Forbidden(pp.Child("namespace"), "`parameters.scope` is set to 'Cluster'"))
			}
		default:
			errs = append(errs, field.NotSupported(pp.Child("scope"), *p.Scope, []string{"Cluster", "Namespace"}))
		}
	}
	return errs
}

// validateIngressClassUpdate models ValidateIngressClassUpdate: the
// controller is immutable.
func validateIngressClassUpdate(ic, old *api.IngressClass) field.ErrorList {
	errs := validateObjectMetaUpdate(&ic.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validateImmutableField(ic.Spec.Controller, old.Spec.Controller, field.NewPath("spec", "controller"))...)
	return append(errs, validateIngressClass(ic)...)
}

// validateDomainPrefixedPath models validation.IsDomainPrefixedPath.
func validateDomainPrefixedPath(fldPath *field.Path, p string) field.ErrorList {
	if p == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	host, path, ok := strings.Cut(p, "/")
	if !ok || host == "" || path == "" {
		return field.ErrorList{field.Invalid(fldPath, p, "must be a domain-prefixed path (such as \"acme.io/foo\")")}
	}
	var errs field.ErrorList
	for _, msg := range naming.IsDNS1123Subdomain(host) {
		errs = append(errs, field.Invalid(fldPath, host, msg))
	}
	for _, c := range path {
		if !strings.ContainsRune(httpPathChars, c) {
			return append(errs, field.Invalid(fldPath, path, naming.RegexError("Invalid path", httpPathFmt)))
		}
	}
	return errs
}

// httpPathFmt is upstream's; httpPathChars the characters it allows.
const (
	httpPathFmt   = `[A-Za-z0-9/\-._~%!$&'()*+,;=:]+`
	httpPathChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-._~%!$&'()*+,;=:"
)
