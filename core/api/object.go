package api

// Object is what the API server stores: every kind embeds TypeMeta and
// ObjectMeta, and can be deep-copied so no caller shares memory with the store.
type Object interface {
	GetObjectMeta() *ObjectMeta
	GetTypeMeta() *TypeMeta
	DeepCopyObject() Object
}

func (o *Deployment) DeepCopyObject() Object    { return DeepCopy(o) }
func (o *ReplicaSet) DeepCopyObject() Object    { return DeepCopy(o) }
func (o *Pod) DeepCopyObject() Object           { return DeepCopy(o) }
func (o *Service) DeepCopyObject() Object       { return DeepCopy(o) }
func (o *EndpointSlice) DeepCopyObject() Object { return DeepCopy(o) }
func (o *Endpoints) DeepCopyObject() Object     { return DeepCopy(o) }
func (o *Node) DeepCopyObject() Object          { return DeepCopy(o) }
func (o *Namespace) DeepCopyObject() Object     { return DeepCopy(o) }
func (o *Event) DeepCopyObject() Object         { return DeepCopy(o) }
func (o *ResourceQuota) DeepCopyObject() Object { return DeepCopy(o) }
func (o *Lease) DeepCopyObject() Object         { return DeepCopy(o) }
func (o *RuntimeClass) DeepCopyObject() Object  { return DeepCopy(o) }
